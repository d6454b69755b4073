"""What the command line (keryx/) and the transports (bot/) both need: settings, logging,
argument checks and the `key=value` options syntax.

It sits below bot/ and keryx/ and above service/: nothing here imports bot/ or keryx/
(tests/bot/test_import_layers.py checks every import)."""
