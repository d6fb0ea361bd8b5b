"""Commands taught by example: recording a child's examples and matching utterances against them."""
