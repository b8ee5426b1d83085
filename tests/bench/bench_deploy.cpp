// What putting a recorder on a host costs: the size of each deployed recorder (stripped, and its
// debug file kept at home) and the time RecorderInstaller takes to upload and verify it on the test
// sshd on 127.0.0.1 (a fresh upload each round: the remote copy is removed in between). Prints
// median and maximum over the rounds; never fails on time.
#include "../integration/SshdFixture.h"
#include "remote/RecorderInstaller.h"
#include "remote/RemoteHostInfo.h"
#include "remote/SshSession.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    QCoreApplication application(argc, argv);
    const int rounds = application.arguments().contains(QStringLiteral("--quick")) ? 3 : 10;
    SshdFixture sshd;
    if (!sshd.start()) {
        std::fprintf(stderr, "bench_deploy: sshd: %s\n", qPrintable(sshd.why()));
        return 1;
    }
    const SshTarget target = sshd.clientTarget(sshd.path(QStringLiteral("bench_known_hosts")));
    SshPrompts prompts;
    prompts.acceptNewHostKey = [](const QString&, const QString&, const QString&) { return true; };
    SshSession session(target, prompts);
    session.connect();
    RemoteHostInfo host = RemoteHostInfo::probe(session);

    std::printf("%-8s %12s %12s %10s %10s %10s\n", "arch", "stripped", "debug file", "upload", "max", "MB/s");
    for (const QString& architecture : {QStringLiteral("x86_64"), QStringLiteral("arm64")}) {
        const QString recorder = QStringLiteral(RUNLENS_RECORDERS_DIR "/") + architecture + QStringLiteral("/runlens-rec");
        if (!QFileInfo::exists(recorder)) {
            std::printf("%-8s not built\n", qPrintable(architecture));
            continue;
        }
        // The upload and its checksum; `--version` afterwards runs only where the host can run it.
        host.architecture = architecture;
        const QString remoteDir = sshd.path(QStringLiteral("deploy-") + architecture);
        std::vector<double> seconds;
        for (int round = 0; round < rounds; ++round) {
            QDir(remoteDir).removeRecursively();
            QElapsedTimer timer;
            timer.start();
            try {
                RecorderInstaller({{architecture, recorder}}).install(session, host, remoteDir);
            } catch (const SshError&) {
                // An arm64 recorder on a host without binfmt_misc: uploaded and verified, not started.
            }
            seconds.push_back(double(timer.nsecsElapsed()) / 1e9);
            if (RecorderInstaller::sha256OfFile(remoteDir + QStringLiteral("/runlens-rec")) != RecorderInstaller::sha256OfFile(recorder)) {
                std::fprintf(stderr, "bench_deploy: the %s upload does not match\n", qPrintable(architecture));
                return 1;
            }
        }
        std::sort(seconds.begin(), seconds.end());
        const double size = double(QFileInfo(recorder).size());
        std::printf("%-8s %9.2f MB %9.1f MB %8.3f s %8.3f s %10.1f\n", qPrintable(architecture), size / 1e6,
                    double(QFileInfo(recorder + QStringLiteral(".debug")).size()) / 1e6, seconds[seconds.size() / 2],
                    seconds.back(), size / 1e6 / seconds[seconds.size() / 2]);
    }
    return 0;
}
