// What the remote host is and allows: OS, architecture, perf_event_paranoid, passwordless sudo,
// whether the login is root, and the home directory the recorder is installed under.
#pragma once

#include <QString>

class SshSession;

struct RemoteHostInfo {
    QString os;            // uname -s
    QString machine;       // uname -m as reported (x86_64, aarch64, ...)
    QString architecture;  // normalised: x86_64 or arm64
    int perfEventParanoid = 4; // 4 when unreadable (treated as "locked down")
    bool passwordlessSudo = false;
    bool root = false;     // logged in as uid 0
    QString home;

    static RemoteHostInfo probe(SshSession& session);
    // One or two sentences on what the host allows for PMU counters and profiles.
    QString pmuAdvice() const;
};
