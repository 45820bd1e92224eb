module github.com/deckforge/deckforge

go 1.26

require (
	github.com/google/flatbuffers v2.0.8+incompatible
	github.com/pelletier/go-toml/v2 v2.2.4
)
