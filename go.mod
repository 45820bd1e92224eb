module github.com/deckforge/deckforge

go 1.26.0

require (
	github.com/google/flatbuffers v2.0.8+incompatible
	github.com/pelletier/go-toml/v2 v2.2.4
)

require (
	github.com/paulhankin/poker/v2 v2.0.8 // indirect
	golang.org/x/sync v0.23.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
