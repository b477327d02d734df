"""The table's board, 'ginscore serve': each route a handler in ``views/`` that parses its form,
calls one function of ``app/`` (as the command line does) and renders; ``app`` assembles the
routes, ``desk`` holds what they share (the lock, the phones' flash across a redirect, the
form's key and phone), ``evening`` is the settle page, ``plain`` the board's words for what
comes from below (no path, no command); the server's ``guard``, ``limits``, ``live``,
``shared``, ``secret`` and ``server``.

Only 'ginscore serve' imports this package, and it needs the optional extra
``pip install 'ginscore[web]'`` (Starlette, uvicorn, segno): the commands typed between hands
never load any of it.
"""
