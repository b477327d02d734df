"""The table's board: 'ginscore serve', a live scoreboard and hand entry on every phone at the
table, over the same ledger and the same application layer as the command line (issue 33).

Only 'ginscore serve' imports this package, and it needs the optional extra
``pip install 'ginscore[web]'`` (Starlette, uvicorn, segno): the commands typed between hands
never load any of it.
"""
