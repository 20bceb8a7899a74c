from rummykit.cli import main

raise SystemExit(main())
