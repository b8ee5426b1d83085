#include "ProfileJournal.h"
#include "UntrustedJson.h"

#include "FormatError.h"
#include "InputLimits.h"
#include "JournalBytes.h"
#include "ProfileBuilder.h"
#include "ProfileEncoding.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <algorithm>
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
constexpr std::size_t kRecordSamples = 1u << 20; // 24 MiB of samples, far below kMaxPayload

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

namespace {

constexpr std::size_t kKeptBatchBytes = std::size_t(1) << 20;

} // namespace

void ProfileJournalWriter::append(const ProfileTables& profile, const std::vector<std::uint32_t>& changedTasks,
                                  std::size_t firstSample)
{
    beginBatch(profile.frames.size(), [&](std::size_t id) {
        const ProfileFrame& frame = profile.frames[id];
        return FrameTable::Frame{frame.symbol, frame.module, frame.kind};
    });
    finishBatch(profile.frames.size(), profile, changedTasks, firstSample);
}

void ProfileJournalWriter::append(const ProfileBuilder& builder, std::size_t firstSample)
{
    beginBatch(builder.frameCount(), [&](std::size_t id) { return builder.frameAt(std::uint32_t(id)); });
    finishBatch(builder.frameCount(), builder.tables(), builder.changedTasks(), firstSample);
}

// Starts the batch with the frames past those written.
template <typename FrameAt>
void ProfileJournalWriter::beginBatch(std::size_t frameCount, FrameAt frameAt)
{
    m_batch.clear();
    if (frameCount > m_framesWritten) {
        const std::size_t at = beginRecord(m_batch, kTagFrames);
        put<std::uint32_t>(m_batch, std::uint32_t(m_framesWritten));
        put<std::uint32_t>(m_batch, std::uint32_t(frameCount - m_framesWritten));
        for (std::size_t i = m_framesWritten; i < frameCount; ++i) {
            const FrameTable::Frame frame = frameAt(i);
            put<std::uint8_t>(m_batch, std::uint8_t(frame.kind));
            putText(m_batch, frame.symbol);
            putText(m_batch, frame.module);
        }
        endRecord(m_batch, at);
    }
}

// Adds the new stacks and tasks, the samples and the info, and writes the batch, which brings the
// journal to frameCount frames.
void ProfileJournalWriter::finishBatch(std::size_t frameCount, const ProfileTables& profile,
                                       const std::vector<std::uint32_t>& changedTasks, std::size_t firstSample)
{
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
    // Samples in records of at most kRecordSamples: the perf backend appends a whole run at once,
    // and a record beyond kMaxPayload would read as garbage.
    const ProfileSamples& samples = profile.samples;
    for (std::size_t from = firstSample; from < samples.size(); from += kRecordSamples) {
        const std::size_t to = std::min(samples.size(), from + kRecordSamples);
        const std::size_t at = beginRecord(m_batch, kTagSamples);
        put<std::uint32_t>(m_batch, std::uint32_t(to - from));
        for (std::size_t row = from; row < to; ++row) {
            put<std::int64_t>(m_batch, samples.timeNs[row]);
            put<std::uint32_t>(m_batch, samples.cpu[row]);
            put<std::uint32_t>(m_batch, samples.pid[row]);
            put<std::uint32_t>(m_batch, samples.tid[row]);
            put<std::uint32_t>(m_batch, samples.stack[row]);
        }
        endRecord(m_batch, at);
        if (!samples.period.empty()) {
            const std::size_t periodsAt = beginRecord(m_batch, kTagPeriods);
            put<std::uint32_t>(m_batch, std::uint32_t(to - from));
            for (std::size_t row = from; row < to; ++row)
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
    // Counted as written only once written: after a failed write (a full disk) the next batch
    // carries them again.
    m_framesWritten = frameCount;
    m_stacksWritten = profile.stacks.size();
    // The first batches carry every new frame and stack (megabytes); later ones are mostly
    // samples (kilobytes). The buffer is kept for those, not for the first ones.
    if (m_batch.capacity() > kKeptBatchBytes)
        std::string().swap(m_batch);
}

void ProfileJournalWriter::sync()
{
    if (::fdatasync(m_fd) != 0 && errno != EINVAL)
        throw FormatError("cannot flush the profile journal " + m_path + " to disk: " + std::strerror(errno));
}

namespace {

// Samples read at a time: 192 KiB of journal, whatever the size of a record.
constexpr std::uint32_t kBlockSamples = 8192;

JournalSample sampleAt(const char* bytes)
{
    JournalSample sample;
    std::memcpy(&sample.timeNs, bytes, 8);
    std::memcpy(&sample.cpu, bytes + 8, 4);
    std::memcpy(&sample.pid, bytes + 12, 4);
    std::memcpy(&sample.tid, bytes + 16, 4);
    std::memcpy(&sample.stack, bytes + 20, 4);
    return sample;
}

} // namespace

ProfileJournalScan scanProfileJournal(const std::string& path)
{
    std::FILE* file = std::fopen(path.c_str(), "rbe");
    if (!file)
        throw FormatError("cannot open the profile journal " + path + ": " + std::strerror(errno));
    struct Closer {
        std::FILE* file;
        ~Closer() { std::fclose(file); }
    } closer{file};
    std::setvbuf(file, nullptr, _IOFBF, 1 << 20);
    struct stat status {};
    if (::fstat(::fileno(file), &status) != 0)
        throw FormatError("cannot read the profile journal " + path + ": " + std::strerror(errno));
    const auto fileSize = std::uint64_t(status.st_size);
    char magic[sizeof kMagic];
    if (std::fread(magic, 1, sizeof magic, file) != sizeof magic || std::memcmp(magic, kMagic, sizeof magic) != 0)
        throw FormatError(path + " is not a Runlens profile journal");

    ProfileJournalScan scan;
    ProfileTables& profile = scan.tables;
    std::unordered_map<std::uint32_t, std::size_t> taskIndex;
    std::string payload;
    std::vector<char> block(std::size_t(kBlockSamples) * kSampleBytes);
    // The highest stack id a sample names, checked against the final stack table at the end.
    std::uint32_t highestStack = 0;
    std::uint64_t rowOfHighestStack = 0;
    bool previousWasSamples = false;
    std::uint64_t offset = sizeof kMagic;
    const auto damaged = [&path](const char* what) { return FormatError(path + " has a damaged " + what + " record"); };
    for (;;) {
        std::uint32_t header[2];
        const std::size_t got = std::fread(header, 1, sizeof header, file);
        if (got != sizeof header) {
            scan.ignoredTailBytes += got;
            break;
        }
        const std::uint32_t tag = header[0];
        const std::uint32_t size = header[1];
        const bool known = tag == kTagFrames || tag == kTagStacks || tag == kTagTasks || tag == kTagSamples || tag == kTagInfo
                        || tag == kTagPeriods;
        if (!known || size > kMaxPayload) {
            scan.ignoredTailBytes += sizeof header;
            break;
        }
        const std::uint64_t payloadOffset = offset + sizeof header;
        if (fileSize - payloadOffset < size) {
            // A torn batch: the recorder died in the middle of its write.
            scan.ignoredTailBytes += sizeof header + (fileSize - payloadOffset);
            break;
        }
        offset = payloadOffset + size;

        if (tag == kTagSamples || tag == kTagPeriods) {
            std::uint32_t count = 0;
            if (size < 4 || std::fread(&count, 1, 4, file) != 4)
                throw damaged(tag == kTagSamples ? "sample" : "period");
            if (tag == kTagPeriods) {
                // The periods of the samples record just before.
                if (size - 4 != std::uint64_t(count) * 8 || !previousWasSamples || count != scan.sampleRecords.back().count)
                    throw damaged("period");
                if (std::fseek(file, long(size - 4), SEEK_CUR) != 0)
                    throw FormatError("cannot read the profile journal " + path + ": " + std::strerror(errno));
                scan.sampleRecords.back().periodsOffset = payloadOffset + 4;
                scan.hasPeriods = true;
                previousWasSamples = false;
                continue;
            }
            if (size - 4 != std::uint64_t(count) * kSampleBytes)
                throw damaged("sample");
            for (std::uint32_t done = 0; done < count;) {
                const std::uint32_t n = std::min(kBlockSamples, count - done);
                if (std::fread(block.data(), kSampleBytes, n, file) != n)
                    throw FormatError("cannot read the profile journal " + path + ": it ends early");
                for (std::uint32_t i = 0; i < n; ++i) {
                    std::uint32_t stack = 0;
                    std::memcpy(&stack, block.data() + std::size_t(i) * kSampleBytes + 20, 4);
                    if (stack != kNoStack && stack > highestStack) {
                        highestStack = stack;
                        rowOfHighestStack = scan.samples + done + i;
                    }
                }
                done += n;
            }
            scan.sampleRecords.push_back({payloadOffset + 4, count, 0});
            scan.samples += count;
            previousWasSamples = true;
            continue;
        }
        previousWasSamples = false;
        payload.resize(size);
        if (std::fread(payload.data(), 1, size, file) != size)
            throw FormatError("cannot read the profile journal " + path + ": it ends early");
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
        } else {
            std::optional<nlohmann::json> info = tryParseUntrustedJson(payload);
            if (!info)
                throw damaged("info");
            profile.info = std::move(*info);
        }
    }
    validateProfile(profile, path);
    if (scan.samples > limits::kSamples)
        throw FormatError(path + " has " + std::to_string(scan.samples) + " samples, more than the limit of "
                          + std::to_string(limits::kSamples));
    if (scan.samples > 0 && highestStack >= profile.stacks.size() && highestStack != kNoStack)
        throw FormatError(path + " has sample " + std::to_string(rowOfHighestStack) + " pointing to stack "
                          + std::to_string(highestStack) + " of " + std::to_string(profile.stacks.size()));
    return scan;
}

void readJournalSamples(const std::string& path, const ProfileJournalScan& scan,
                        const std::function<void(std::span<const JournalSample> samples, bool endOfRecord)>& visit)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        throw FormatError("cannot open the profile journal " + path + ": " + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    const auto readAt = [&](char* into, std::size_t size, std::uint64_t offset) {
        std::size_t done = 0;
        while (done < size) {
            const ssize_t n = ::pread(fd, into + done, size - done, off_t(offset + done));
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0)
                throw FormatError("cannot read the profile journal " + path + ": "
                                  + (n < 0 ? std::string(std::strerror(errno)) : std::string("it became shorter while it was read")));
            done += std::size_t(n);
        }
    };
    std::vector<char> bytes(std::size_t(kBlockSamples) * kSampleBytes);
    std::vector<std::uint64_t> periods(kBlockSamples);
    std::vector<JournalSample> samples(kBlockSamples);
    for (const ProfileJournalScan::SampleRecord& record : scan.sampleRecords) {
        if (record.count == 0) {
            visit({}, true);
            continue;
        }
        for (std::uint32_t done = 0; done < record.count;) {
            const std::uint32_t n = std::min(kBlockSamples, record.count - done);
            readAt(bytes.data(), std::size_t(n) * kSampleBytes, record.offset + std::uint64_t(done) * kSampleBytes);
            if (record.periodsOffset != 0)
                readAt(reinterpret_cast<char*>(periods.data()), std::size_t(n) * 8, record.periodsOffset + std::uint64_t(done) * 8);
            for (std::uint32_t i = 0; i < n; ++i) {
                samples[i] = sampleAt(bytes.data() + std::size_t(i) * kSampleBytes);
                samples[i].period = record.periodsOffset != 0 ? periods[i] : 1;
            }
            done += n;
            visit(std::span<const JournalSample>(samples.data(), n), done == record.count);
        }
    }
}

ProfileJournalContents readProfileJournal(const std::string& path)
{
    ProfileJournalScan scan = scanProfileJournal(path);
    ProfileJournalContents contents;
    contents.ignoredTailBytes = scan.ignoredTailBytes;
    ProfileTables& profile = contents.profile;
    profile = std::move(scan.tables);
    ProfileSamples& samples = profile.samples;
    const bool periods = scan.hasPeriods && !flagField(profile.info, kConstantPeriodsKey, false);
    readJournalSamples(path, scan, [&](std::span<const JournalSample> block, bool) {
        for (const JournalSample& sample : block) {
            samples.timeNs.push_back(sample.timeNs);
            samples.cpu.push_back(sample.cpu);
            samples.pid.push_back(sample.pid);
            samples.tid.push_back(sample.tid);
            samples.stack.push_back(sample.stack);
            if (periods)
                samples.period.push_back(sample.period);
        }
    });
    validateProfile(profile, path);
    return contents;
}

} // namespace runlens::format
