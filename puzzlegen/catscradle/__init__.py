"""Cat's Cradle, the patience invented by Michael Bourne: model, solver and games."""
