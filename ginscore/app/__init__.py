"""The application: ``Book``, the one way into the storage, and checking a whole ledger."""
