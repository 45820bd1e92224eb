module github.com/deckforge/deckforge

go 1.26

require (
	github.com/google/flatbuffers v2.0.8+incompatible // indirect
	github.com/paulhankin/poker/v2 v2.0.8 // indirect
	github.com/pelletier/go-toml/v2 v2.2.4 // indirect
)
