"""Names in ASCII for the accounting tools (ginscore.base.translit)."""



def test_cyrillic_and_other_names_in_ascii():
    from ginscore.base.translit import to_ascii
    from ginscore.exchange.targets.beancount import beancount_part

    assert [to_ascii(name) for name in ("Алёна", "Щукин", "Юрий", "Київ", "Олексій", "Євген", "Згурський", "Знам'янка")] == [
        "Alyona", "Shchukin", "Yuriy", "Kyiv", "Oleksii", "Yevhen", "Zgurskiy", "Znamianka"]
    assert to_ascii("Łukasz Straße Zoë") == "Lukasz Strasse Zoe"
    assert [beancount_part(name, "?") for name in ("mary ann", "=x", "李", "007 Bond")] == ["Mary-ann", "X", "?", "007-Bond"]
