//go:build !unix

package spectest

import "os/exec"

// inGroup does nothing where there are no process groups.
func inGroup(cmd *exec.Cmd) {}

// killGroup kills cmd's process (its children may outlive it here).
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
