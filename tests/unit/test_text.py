"""Words of lists and suggestions (ginscore.base.text)."""



def test_likely_meant_gives_the_nearest_only():
    from ginscore.base.text import did_you_mean, likely_meant

    assert likely_meant("targte", ["target", "tie", "knock-limit"]) == ["target"]
    assert likely_meant("gin_bonsu", ["gin_bonus", "gin_boxes", "big_gin_bonus"]) == ["gin_bonus"]
    assert likely_meant("stauts", ["stats", "status", "start"])[0] == "status"  # a swap is one slip, and the same length
    assert did_you_mean("stauts", ["stats", "status"]) == " (did you mean status?)"
    assert likely_meant("colour", ["columns", "currency"]) == [] and did_you_mean("xyz", ["knock"]) == ""
    assert did_you_mean("KNOK", ["knock", "gin"]) == " (did you mean knock?)"


def test_a_list_names_ten_and_counts_the_others():
    from ginscore.base.text import named

    assert named(range(10)) == "0, 1, 2, 3, 4, 5, 6, 7, 8, 9"
    assert named(range(25)) == "0, 1, 2, 3, 4, 5, 6, 7, 8, 9 (and 15 more)"
    assert named(["a", "b", "c"], most=2, bracketed=False) == "a, b and 1 more"
    assert named([]) == ""
