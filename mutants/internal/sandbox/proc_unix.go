//go:build unix

package sandbox

import (
	"os/exec"
	"syscall"
)

// killGroup runs cmd in a process group of its own and makes cancelling it
// kill the whole group: go test and the test binaries it started.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
