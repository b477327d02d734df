"""How the renames of a game name the players of a hand recorded without its seats (before
ginscore kept them), as ginscore always read such hands: by name (pure; ``ginscore.core.changes``).

Each rename renames the hands before it and, after it, those recorded on a device that had not
seen it yet (merged while apart), up to the next rename that gives its old name to a player
again. For a hand that is, in journal order: the renames before it whose old name was not given
again before the hand, then every rename after it. Both parts are read in one sweep each way,
so a game with a long list of renames (a hostile file under the size cap) is read in about
linear time rather than once per hand."""

from __future__ import annotations

from heapq import heappop, heappush


def rename_unseated(journal: list, changes, applied, position, renamed_hand) -> None:
    """Name the players of each hand or edit in ``journal`` (changed in place) that has no
    seats as the ``applied`` renames ((entry, old name, name it renamed, new name), in journal
    order) name them; ``changes`` are every rename and rules change that counts."""
    hands = {index for index, entry in enumerate(journal) if entry["action"] in ("hand", "edit") and "seats" not in entry}
    if not hands or not applied:
        return
    reused_at: dict[str, int] = {}  # a name -> the first later rename that gives it
    ends: dict[str, int] = {}  # a rename's id -> where its old name is given again
    for change in reversed(changes):
        if change["action"] == "rename":
            if change["old"] in reused_at:
                ends[change["id"]] = reused_at[change["old"]]
            reused_at[change["new"]] = position[change["id"]]
    steps = [(position[change["id"]], old, current, new) for change, old, current, new in applied]
    at_step = {at: number for number, (at, _old, _current, _new) in enumerate(steps)}
    closing: dict[int, list] = {}
    for number, (change, _old, _current, _new) in enumerate(applied):
        if change["id"] in ends:
            closing.setdefault(ends[change["id"]], []).append(number)
    before = _before(journal, hands, steps, at_step, closing)
    given: dict[str, str] = {}  # each name -> the name the renames after this point give it
    for index in range(len(journal) - 1, -1, -1):
        if index in at_step:
            _at, old, current, new = steps[at_step[index]]
            final = given.get(new, new)
            given[old] = given[current] = final
        elif index in before:
            mapping = {name: given.get(then, then) for name, then in before[index].items()}
            hand = named_as(journal[index]["hand"], {name: now for name, now in mapping.items() if name != now}, renamed_hand)
            if hand is not journal[index]["hand"]:
                journal[index] = {**journal[index], "hand": hand}


def _before(journal, hands, steps, at_step, closing) -> dict:
    """hand index -> {each name it holds: that name after the renames before the hand that
    still count for it}: one sweep forward, each name followed along the open renames."""
    open_by_name: dict[str, list] = {}  # a name -> the open renames (step numbers) that rename it
    closed: set[int] = set()
    followed: dict[str, tuple] = {}  # a name -> (where following it got to, the last step taken)

    def follow(name: str) -> str:
        current, last = followed.get(name, (name, -1))
        while True:
            heap = open_by_name.get(current, [])
            while heap and heap[0] in closed:
                heappop(heap)
            later = [step for step in heap if step > last] if heap and heap[0] <= last else heap[:1]
            if not later:
                break
            last = min(later)
            current = steps[last][3]
        followed[name] = (current, last)
        return current

    found = {}
    for index in range(len(journal)):
        if index in closing:  # a rename whose old name is given again: no longer for later hands
            closed.update(closing[index])
            followed.clear()
        if index in at_step:
            number = at_step[index]
            for name in {steps[number][1], steps[number][2]}:
                heappush(open_by_name.setdefault(name, []), number)
        elif index in hands:
            found[index] = {name: follow(name) for name in names_in(journal[index]["hand"])}
    return found


def names_in(hand) -> set:
    """Every text a hand holds as a value or a key one level down: the names among them are
    what a rename can change (a rename changes only where the table says a player is named)."""
    names = set()
    if isinstance(hand, dict):
        for value in hand.values():
            if isinstance(value, str):
                names.add(value)
            elif isinstance(value, dict):
                names.update(key for key in value if isinstance(key, str))
    return names


def named_as(hand: dict, mapping: dict, renamed_hand) -> dict:
    """``hand`` with every player it names renamed by ``mapping`` (two renamed into each
    other's names stay apart: each is first given a name no player can have)."""
    if not mapping:
        return hand
    changing = [name for name in names_in(hand) if name in mapping]
    for number, name in enumerate(changing):
        hand = renamed_hand(hand, name, f"\0{number}")
    for number, name in enumerate(changing):
        hand = renamed_hand(hand, f"\0{number}", mapping[name])
    return hand
