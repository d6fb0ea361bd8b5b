"""Language: the registry of languages, the Localizer, postpositions, the glossary, and the
operating system's and TOML reader's reasons told in the reader's language."""
