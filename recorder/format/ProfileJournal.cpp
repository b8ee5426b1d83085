#include "ProfileJournal.h"
#include "UntrustedJson.h"

#include "FormatError.h"
#include "JournalBytes.h"
#include "ProfileEncoding.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <unordered_map>

namespace runlens::format {

namespace {

using journal::put;
using journal::putText;
using journal::take;
using journal::takeText;

constexpr char kMagic[8] = {'R', 'L', 'P', 'R', 'O', 'F', '0', '1'};
constexpr std::uint32_t kTagFrames = 'F';
constexpr std::uint32_t kTagStacks = 'S';
constexpr std::uint32_t kTagTasks = 'T';
constexpr std::uint32_t kTagSamples = 'P';
constexpr std::uint32_t kTagInfo = 'I';
constexpr std::uint32_t kTagPeriods = 'W';
// A drain of 192 CPUs at a high rate stays far below this; a bigger size means garbage.
constexpr std::uint32_t kMaxPayload = 256u << 20;
constexpr std::size_t kSampleBytes = 8 + 4 * 4;

// Starts a record and returns where its size goes, filled in by endRecord.
std::size_t beginRecord(std::string& out, std::uint32_t tag)
{
    put<std::uint32_t>(out, tag);
    put<std::uint32_t>(out, 0);
    return out.size();
}

void endRecord(std::string& out, std::size_t payloadStart)
{
    const auto size = std::uint32_t(out.size() - payloadStart);
    std::memcpy(out.data() + payloadStart - 4, &size, 4);
}

} // namespace

ProfileJournalWriter::ProfileJournalWriter(std::string path)
    : m_path(std::move(path))
{
    m_fd = ::open(m_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    if (m_fd < 0)
        throw FormatError("cannot create the profile journal " + m_path + ": " + std::strerror(errno));
    if (::write(m_fd, kMagic, sizeof kMagic) != ssize_t(sizeof kMagic))
        throw FormatError("cannot write the profile journal " + m_path + ": " + std::strerror(errno));
}

ProfileJournalWriter::~ProfileJournalWriter()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

void ProfileJournalWriter::append(const ProfileTables& profile, const std::vector<std::uint32_t>& changedTasks,
                                  std::size_t firstSample)
{
    m_batch.clear();
    if (profile.frames.size() > m_framesWritten) {
        const std::size_t at = beginRecord(m_batch, kTagFrames);
        put<std::uint32_t>(m_batch, std::uint32_t(m_framesWritten));
        put<std::uint32_t>(m_batch, std::uint32_t(profile.frames.size() - m_framesWritten));
        for (std::size_t i = m_framesWritten; i < profile.frames.size(); ++i) {
            put<std::uint8_t>(m_batch, std::uint8_t(profile.frames[i].kind));
            putText(m_batch, profile.frames[i].symbol);
            putText(m_batch, profile.frames[i].module);
        }
        endRecord(m_batch, at);
    }
    if (profile.stacks.size() > m_stacksWritten) {
        const std::size_t at = beginRecord(m_batch, kTagStacks);
        put<std::uint32_t>(m_batch, std::uint32_t(m_stacksWritten));
        put<std::uint32_t>(m_batch, std::uint32_t(profile.stacks.size() - m_stacksWritten));
        for (std::size_t i = m_stacksWritten; i < profile.stacks.size(); ++i) {
            put<std::uint32_t>(m_batch, profile.stacks[i].parent);
            put<std::uint32_t>(m_batch, profile.stacks[i].frame);
        }
        endRecord(m_batch, at);
    }
    if (!changedTasks.empty()) {
        const std::size_t at = beginRecord(m_batch, kTagTasks);
        put<std::uint32_t>(m_batch, std::uint32_t(changedTasks.size()));
        for (const std::uint32_t index : changedTasks) {
            const ProfileTask& task = profile.tasks.at(index);
            put<std::uint32_t>(m_batch, task.tid);
            put<std::uint32_t>(m_batch, task.pid);
            putText(m_batch, task.command);
        }
        endRecord(m_batch, at);
    }
    const ProfileSamples& samples = profile.samples;
    if (samples.size() > firstSample) {
        const std::size_t at = beginRecord(m_batch, kTagSamples);
        put<std::uint32_t>(m_batch, std::uint32_t(samples.size() - firstSample));
        for (std::size_t row = firstSample; row < samples.size(); ++row) {
            put<std::int64_t>(m_batch, samples.timeNs[row]);
            put<std::uint32_t>(m_batch, samples.cpu[row]);
            put<std::uint32_t>(m_batch, samples.pid[row]);
            put<std::uint32_t>(m_batch, samples.tid[row]);
            put<std::uint32_t>(m_batch, samples.stack[row]);
        }
        endRecord(m_batch, at);
        if (!samples.period.empty()) {
            const std::size_t periodsAt = beginRecord(m_batch, kTagPeriods);
            put<std::uint32_t>(m_batch, std::uint32_t(samples.size() - firstSample));
            for (std::size_t row = firstSample; row < samples.size(); ++row)
                put<std::uint64_t>(m_batch, samples.period[row]);
            endRecord(m_batch, periodsAt);
        }
    }
    {
        const std::size_t at = beginRecord(m_batch, kTagInfo);
        m_batch += profile.info.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        endRecord(m_batch, at);
    }
    // One write: a crash leaves whole records followed by at most one torn record.
    std::size_t done = 0;
    while (done < m_batch.size()) {
        const ssize_t n = ::write(m_fd, m_batch.data() + done, m_batch.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            throw FormatError("cannot write the profile journal " + m_path + ": " + std::strerror(errno));
        }
        done += std::size_t(n);
    }
    m_framesWritten = profile.frames.size();
    m_stacksWritten = profile.stacks.size();
}

void ProfileJournalWriter::sync()
{
    if (::fdatasync(m_fd) != 0 && errno != EINVAL)
        throw FormatError("cannot flush the profile journal " + m_path + " to disk: " + std::strerror(errno));
}

ProfileJournalContents readProfileJournal(const std::string& path)
{
    std::FILE* file = std::fopen(path.c_str(), "rbe");
    if (!file)
        throw FormatError("cannot open the profile journal " + path + ": " + std::strerror(errno));
    struct Closer {
        std::FILE* file;
        ~Closer() { std::fclose(file); }
    } closer{file};
    std::setvbuf(file, nullptr, _IOFBF, 1 << 20);
    char magic[sizeof kMagic];
    if (std::fread(magic, 1, sizeof magic, file) != sizeof magic || std::memcmp(magic, kMagic, sizeof magic) != 0)
        throw FormatError(path + " is not a Runlens profile journal");

    ProfileJournalContents contents;
    ProfileTables& profile = contents.profile;
    std::unordered_map<std::uint32_t, std::size_t> taskIndex;
    std::string payload;
    const auto damaged = [&path](const char* what) { return FormatError(path + " has a damaged " + what + " record"); };
    for (;;) {
        std::uint32_t header[2];
        const std::size_t got = std::fread(header, 1, sizeof header, file);
        if (got != sizeof header) {
            contents.ignoredTailBytes += got;
            break;
        }
        const std::uint32_t tag = header[0];
        const std::uint32_t size = header[1];
        const bool known = tag == kTagFrames || tag == kTagStacks || tag == kTagTasks || tag == kTagSamples || tag == kTagInfo
                        || tag == kTagPeriods;
        if (!known || size > kMaxPayload) {
            contents.ignoredTailBytes += sizeof header;
            break;
        }
        payload.resize(size);
        const std::size_t read = std::fread(payload.data(), 1, size, file);
        if (read != size) {
            contents.ignoredTailBytes += sizeof header + read;
            break;
        }
        std::size_t at = 0;
        if (tag == kTagFrames || tag == kTagStacks) {
            std::uint32_t first = 0;
            std::uint32_t count = 0;
            if (!take(payload, at, first) || !take(payload, at, count))
                throw damaged(tag == kTagFrames ? "frame" : "stack");
            if (tag == kTagFrames) {
                if (first != profile.frames.size())
                    throw FormatError(path + " has frames out of order (" + std::to_string(first) + " after "
                                      + std::to_string(profile.frames.size()) + ")");
                for (std::uint32_t i = 0; i < count; ++i) {
                    std::uint8_t kind = 0;
                    ProfileFrame frame;
                    if (!take(payload, at, kind) || !takeText(payload, at, frame.symbol) || !takeText(payload, at, frame.module))
                        throw damaged("frame");
                    frame.kind = kind <= std::uint8_t(FrameKind::Unknown) ? FrameKind(kind) : FrameKind::Unknown;
                    profile.frames.push_back(std::move(frame));
                }
            } else {
                if (first != profile.stacks.size())
                    throw FormatError(path + " has stacks out of order (" + std::to_string(first) + " after "
                                      + std::to_string(profile.stacks.size()) + ")");
                if (payload.size() - at != std::size_t(count) * 8)
                    throw damaged("stack");
                for (std::uint32_t i = 0; i < count; ++i) {
                    ProfileStack stack;
                    take(payload, at, stack.parent);
                    take(payload, at, stack.frame);
                    profile.stacks.push_back(stack);
                }
            }
        } else if (tag == kTagTasks) {
            std::uint32_t count = 0;
            if (!take(payload, at, count))
                throw damaged("task");
            for (std::uint32_t i = 0; i < count; ++i) {
                ProfileTask task;
                if (!take(payload, at, task.tid) || !take(payload, at, task.pid) || !takeText(payload, at, task.command))
                    throw damaged("task");
                const auto [it, inserted] = taskIndex.emplace(task.tid, profile.tasks.size());
                if (inserted)
                    profile.tasks.push_back(std::move(task));
                else
                    profile.tasks[it->second] = std::move(task);
            }
        } else if (tag == kTagSamples) {
            std::uint32_t count = 0;
            if (!take(payload, at, count) || payload.size() - at != std::size_t(count) * kSampleBytes)
                throw damaged("sample");
            ProfileSamples& samples = profile.samples;
            for (std::uint32_t i = 0; i < count; ++i) {
                std::int64_t time = 0;
                std::uint32_t cpu = 0, pid = 0, tid = 0, stack = 0;
                take(payload, at, time);
                take(payload, at, cpu);
                take(payload, at, pid);
                take(payload, at, tid);
                take(payload, at, stack);
                samples.timeNs.push_back(time);
                samples.cpu.push_back(cpu);
                samples.pid.push_back(pid);
                samples.tid.push_back(tid);
                samples.stack.push_back(stack);
            }
        } else if (tag == kTagPeriods) {
            // The periods of the samples record just read: rows of earlier records without
            // periods weigh 1.
            std::uint32_t count = 0;
            if (!take(payload, at, count) || payload.size() - at != std::size_t(count) * 8 || count > profile.samples.size())
                throw damaged("period");
            std::vector<std::uint64_t>& periods = profile.samples.period;
            periods.resize(profile.samples.size() - count, 1);
            for (std::uint32_t i = 0; i < count; ++i) {
                std::uint64_t period = 0;
                take(payload, at, period);
                periods.push_back(period);
            }
        } else {
            std::optional<nlohmann::json> info = tryParseUntrustedJson(payload);
            if (!info)
                throw damaged("info");
            profile.info = std::move(*info);
        }
    }
    // A torn batch can leave the last samples without their periods record.
    if (!profile.samples.period.empty())
        profile.samples.period.resize(profile.samples.size(), 1);
    validateProfile(profile, path);
    return contents;
}

} // namespace runlens::format
