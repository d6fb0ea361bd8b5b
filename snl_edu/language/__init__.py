"""Language: the registry of languages, the Localizer, postpositions and the glossary."""
