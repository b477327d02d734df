from ginscore.cli import main

main()
