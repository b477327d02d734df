"""Games and money to and from other programs: the accounting exports (the transactions of the
games' payments, and each target's text: hledger, ledger, beancount, CSV, one module each in
``targets/``, whose ``__init__`` is their registry), a score-pad backup read into games."""
