"""Forward-only SQL migrations, applied in order by service.store.migrate."""
