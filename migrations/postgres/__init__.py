"""PostgreSQL dialect migrations: `NNNN_name.sql` here replaces the portable file of the
same number on PostgreSQL only (service.store.pg_migrate). Add one only for SQL that cannot
be written for both databases; SQLite's INTEGER PRIMARY KEY and REAL are translated."""
