package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCheckRefusesWhatRunRefuses(t *testing.T) {
	p := program(t, "holdem_nl_heads_up")
	assert.NoError(t, Check(p, []string{"greedy", "random"}, Options{}))
	err := Check(p, []string{"no-such-agent"}, Options{})
	if assert.Error(t, err) {
		_, runErr := Run(t.Context(), p, []string{"no-such-agent"}, 1, 1, 1, Options{})
		assert.EqualError(t, runErr, err.Error())
	}
	assert.Error(t, Check(p, []string{"greedy"}, Options{Players: 99}))
}
