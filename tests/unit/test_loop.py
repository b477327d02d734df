"""What 'ginscore play' makes of a line typed at it (ginscore.cli.loop), without running it."""



def test_an_upcard_short_form_never_takes_a_players_name():
    from ginscore.cli.loop import entry_argv

    assert entry_argv("k al 6 15 7h") == ["knock", "--upcard", "7h", "al", "6", "15"]
    assert entry_argv("d carol as", ("Ann", "Ash", "Carol", "Dan")) == ["draw", "carol", "as"]  # Ash, not the ace
    assert entry_argv("d as", ("Ann", "Bob")) == ["draw", "--upcard", "as"]
    assert entry_argv("k as 4 15") == ["knock", "as", "4", "15"] and entry_argv("g kd") == ["gin", "kd"]
