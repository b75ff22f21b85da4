"""Where the cluster cannot be built, the cluster tests say why (and leave nothing behind);
these run anywhere, without root."""

import subprocess

import pytest

from tests.cluster import netns


def test_without_root_the_reason_is_root(monkeypatch):
    monkeypatch.setattr(netns.os, "geteuid", lambda: 1000)
    assert "needs root" in netns.missing_tools()


def test_without_postgresql_the_reason_names_the_missing_binary(monkeypatch, tmp_path):
    monkeypatch.setattr(netns.os, "geteuid", lambda: 0)
    monkeypatch.setattr(netns.shutil, "which", lambda tool: f"/usr/bin/{tool}")
    monkeypatch.setattr(netns, "POSTGRES_BIN", tmp_path)
    assert netns.missing_tools() == f"{tmp_path / 'initdb'} is missing (Debian: apt-get install postgresql-15)"


def test_a_machine_refusing_namespaces_cannot_build_and_is_cleaned_up(monkeypatch):
    commands = []

    def refusing(command, **options):
        command = list(command)
        commands.append(command)
        if command[:3] == ["ip", "netns", "add"]:
            return subprocess.CompletedProcess(
                command, 1, "", "mount --make-shared /run/netns failed: Operation not permitted"
            )
        return subprocess.CompletedProcess(command, 0, "", "")

    monkeypatch.setattr(netns.subprocess, "run", refusing)
    cluster = netns.Cluster()
    with pytest.raises(netns.CannotBuild, match="Operation not permitted"):
        cluster.build()
    cluster.close()
    assert not cluster.dir.exists()
    assert not [command for command in commands if command[:3] == ["ip", "netns", "del"]]  # it made none
