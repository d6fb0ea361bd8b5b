"""The spoken commands of a language, the grammar made of them, and finding them in what was heard."""
