"""Settling balances among any number of players with the fewest payments (pure).

Balances are what each player is up (+) or down (-); they sum to zero. The fewest payments that
clear them is n minus the largest number of disjoint groups of players whose balances sum to
zero: each such group settles within itself in (its size - 1) payments and no fewer. Finding
that partition is NP-hard in general, so it is found exactly, by dynamic programming over the
subsets of players (2^n steps), up to ``EXACT_LIMIT`` players; above that the payments are made
greedily (largest debtor to largest creditor), which needs at most n - 1 payments but may miss
the minimum. Players who never played each other are settled apart first (``together``), so
the limit is on each group of players who played together, and nobody pays a stranger.
"""

from __future__ import annotations

EXACT_LIMIT = 10


def fewest_payments(balances: dict, together=None) -> list:
    """``[(debtor, creditor, amount), ...]`` clearing ``balances`` (name -> amount, any exact
    number type: int or Decimal); the fewest there can be up to EXACT_LIMIT players with a
    balance. ``together``, when given, splits the players into groups that each settle on
    their own (who played whom: nobody pays a stranger); each group's balances sum to zero.
    Names keep the order of ``balances`` where a choice is free, so the result is the same
    every time."""
    groups = [list(balances)] if together is None else [list(group) for group in together]
    payments = []
    for group in groups:
        payments += _fewest({name: balances[name] for name in group})
    order = list(balances)
    return sorted(payments, key=lambda paid: (order.index(paid[0]), order.index(paid[1])))


def _fewest(balances: dict) -> list:
    owing = [name for name, amount in balances.items() if amount != 0]
    if sum(balances[name] for name in owing) != 0:
        raise ValueError(f"balances must sum to zero, got {balances!r}")
    groups = zero_sum_groups(owing, balances) if len(owing) <= EXACT_LIMIT else [owing]
    payments = []
    for group in groups:
        payments += greedy_payments({name: balances[name] for name in group})
    return payments


def connected_groups(games_players) -> list:
    """The groups of players linked by playing together: ``games_players`` is each game's players;
    two players are in one group when a chain of games joins them. Groups and their members
    in the order first met."""
    leader: dict = {}

    def find(name):
        while leader[name] != name:
            leader[name] = leader[leader[name]]
            name = leader[name]
        return name

    for players in games_players:
        players = list(players)
        for name in players:
            leader.setdefault(name, name)
        for name in players[1:]:
            first, other = find(players[0]), find(name)
            if first != other:
                leader[other] = first
    groups: dict = {}
    for name in leader:
        groups.setdefault(find(name), []).append(name)
    return list(groups.values())


def method(count: int) -> str:
    """Which method settles ``count`` players with a balance, in words."""
    return "exact" if count <= EXACT_LIMIT else "greedy"


def zero_sum_groups(names: list, balances: dict) -> list:
    """The largest number of disjoint groups of ``names`` whose balances each sum to zero,
    covering them all.

    best[mask] is the most zero-sum groups that a chain of subsets ending in ``mask`` passes
    through, adding one player at a time: every zero-sum subset on the chain closes a group
    (the players added since the previous one). Its maximum over the whole set is the answer.
    """
    count = len(names)
    full = (1 << count) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    came_from = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        index = low.bit_length() - 1
        total[mask] = total[mask ^ low] + balances[names[index]]
        choice, value = -1, -1
        for bit in range(count):
            if mask >> bit & 1 and best[mask ^ (1 << bit)] > value:
                choice, value = bit, best[mask ^ (1 << bit)]
        best[mask] = value + (1 if total[mask] == 0 else 0)
        came_from[mask] = mask ^ (1 << choice)
    groups, mask, members = [], full, []
    while mask:
        if total[mask] == 0 and members:
            groups.append(sorted(members, key=names.index))
            members = []
        previous = came_from[mask]
        members.append(names[(mask ^ previous).bit_length() - 1])
        mask = previous
    groups.append(sorted(members, key=names.index))
    return [group for group in reversed(groups) if group]


def greedy_payments(balances: dict) -> list:
    """Clear a group's balances: the largest debtor pays the largest creditor as much as he
    can, until all are clear; at most (group size - 1) payments."""
    order = list(balances)
    left = dict(balances)
    payments = []
    while any(left.values()):
        debtor = min(order, key=lambda name: (left[name], order.index(name)))
        creditor = max(order, key=lambda name: (left[name], -order.index(name)))
        amount = min(-left[debtor], left[creditor])
        payments.append((debtor, creditor, amount))
        left[debtor] += amount
        left[creditor] -= amount
    return payments
