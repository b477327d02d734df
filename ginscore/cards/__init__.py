"""The cards: parsing and values, the meld solver, lay-offs and the outcome of a knock (pure)."""
