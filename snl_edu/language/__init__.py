"""Language: the registry of languages, the Localizer, postpositions, the glossary, and
where a TOML file goes wrong told in the reader's language."""
