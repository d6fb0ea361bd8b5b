"""Pages that print the same everywhere: embedded fonts, measured text, SVG to PDF."""
