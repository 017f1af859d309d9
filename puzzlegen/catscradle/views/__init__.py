"""The Cat's Cradle views: its board drawn in the shared diagram vocabulary, and its prose."""
