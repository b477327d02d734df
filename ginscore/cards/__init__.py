"""The cards: parsing and values, the meld solver, lay-offs and the settlement of a knock."""
