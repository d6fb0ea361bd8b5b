"""Views: a board, the rules and an analysis as text, SVG, plots and printed pages."""
