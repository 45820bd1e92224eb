module github.com/deckforge/deckforge

go 1.26
