#include "OpenFailure.h"

#include <cerrno>
#include <climits>
#include <cstring>

namespace runlens::collect::pmu {

std::string_view OpenFailure::toString(Kind kind)
{
    switch (kind) {
    case Kind::None:
        return "ok";
    case Kind::Unsupported:
        return "unsupported";
    case Kind::Permission:
        return "permission";
    case Kind::Resource:
        return "resource";
    }
    return "unknown";
}

OpenFailure OpenFailure::classify(int error, std::string_view what, int paranoid)
{
    OpenFailure failure;
    failure.error = error;
    const std::string head = std::string(what) + ": " + std::strerror(error);
    switch (error) {
    case EACCES:
    case EPERM:
        failure.kind = Kind::Permission;
        failure.message = head + " (counting every CPU needs CAP_PERFMON or CAP_SYS_ADMIN, or "
                          "/proc/sys/kernel/perf_event_paranoid at 0 or below; it is "
                        + (paranoid == INT_MIN ? std::string("unreadable") : std::to_string(paranoid))
                        + "). Run runlens-rec with sudo, grant it CAP_PERFMON (setcap cap_perfmon+ep), or "
                          "'sysctl kernel.perf_event_paranoid=0'; in a container also allow perf_event_open in seccomp";
        break;
    case EMFILE:
    case ENFILE:
        failure.kind = Kind::Resource;
        failure.message = head + " (one file descriptor per counter per CPU; raise 'ulimit -n' or the hard "
                                 "RLIMIT_NOFILE, or record fewer events with --pmu-events)";
        break;
    case ENOSPC:
    case EBUSY:
        failure.kind = Kind::Resource;
        failure.message = head + " (the counters are taken: another perf session, the NMI watchdog or a "
                                 "pinned event holds them; stop it or record fewer events)";
        break;
    case ENOENT:
    case ENODEV:
    case EOPNOTSUPP:
    case EINVAL:
    case ENOSYS:
    default:
        failure.kind = Kind::Unsupported;
        failure.message = head + " (the CPU, kernel or hypervisor does not offer this event here; on EC2 "
                                 "small instance sizes expose fewer counters or none)";
        break;
    }
    return failure;
}

} // namespace runlens::collect::pmu
