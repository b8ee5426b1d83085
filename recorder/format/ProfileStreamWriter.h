// Writes a profile in the format 2.0 encoding (FORMAT.md, "Profile") while its samples stream in,
// so that the memory it takes does not grow with the run: the samples go through a reorder window
// (SampleReorderWindow) into chunk entries of kSampleChunkRows rows, each handed to the sink as
// soon as it is full; the frames, stacks and tasks, which grow only with distinct stacks, come at
// the end with finish().
//
// The one writer of format 2.0 profiles: `runlens-rec pack` feeds it from the journal,
// encodeProfile() and writeProfile() from tables in memory.
#pragma once

#include "ProfileEncoding.h"
#include "SampleChunkCodec.h"
#include "SampleReorderWindow.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace runlens::format {

class ArchiveWriter;

// Where the entries go: one entry at a time, its path below the run directory
// ("profile/samples/000000.bin"), in pieces that add up to the size given first, so that the
// stack table need not be copied into one string.
class ProfileEntrySink
{
public:
    virtual ~ProfileEntrySink() = default;
    virtual void begin(const std::string& path, std::uint64_t size) = 0;
    virtual void write(std::string_view piece) = 0;
    virtual void end() = 0;
};

// Into a run archive being written.
class ArchiveEntrySink : public ProfileEntrySink
{
public:
    explicit ArchiveEntrySink(ArchiveWriter& writer) : m_writer(writer) {}
    void begin(const std::string& path, std::uint64_t size) override;
    void write(std::string_view piece) override;
    void end() override;

private:
    ArchiveWriter& m_writer;
};

// Into EncodedProfile's strings (index, stacks, sampleChunks).
class EncodedProfileSink : public ProfileEntrySink
{
public:
    explicit EncodedProfileSink(EncodedProfile& encoded) : m_encoded(encoded) {}
    void begin(const std::string& path, std::uint64_t size) override;
    void write(std::string_view piece) override;
    void end() override {}

private:
    EncodedProfile& m_encoded;
    std::string* m_entry = nullptr;
};

class ProfileStreamWriter
{
public:
    struct Options {
        std::int64_t timeQuantumNs = kDefaultTimeQuantumNs;
        bool periods = false;     // samples carry periods (written in every chunk)
        bool tasks = false;       // samples carry their task (ProfileSamples::task)
        // Significant bits a sample's period keeps (rounded to nearest), 0 for all: the recorder's
        // cycles periods jitter in their low bits from sample to sample, which costs some 2.5
        // bytes a sample in the archive; 12 bits (within 0.025%) cost about 1.5. Tables written
        // from memory (imports) keep theirs exact. profile.json says so (samples.period_bits).
        unsigned periodBits = 0;
        // Rows held at most to put them in time order; 0: all of them until finish() (tables in
        // memory, in any order). The default is some 7 s of a 192-CPU host, 3 MB; a drain of
        // 1 s keeps some 2 s of samples, 1 MB.
        std::size_t maxPendingRows = 1u << 16;
        std::size_t chunkRows = kSampleChunkRows;
    };

    // The sink must outlive the writer.
    ProfileStreamWriter(ProfileEntrySink& sink, Options options);

    void addSample(std::int64_t timeNs, std::uint32_t cpu, std::uint32_t pid, std::uint32_t tid, std::uint32_t stack,
                   std::uint32_t task = 0, std::uint64_t count = 1, std::uint64_t period = 1)
    {
        m_window.add(timeNs, cpu, pid, tid, stack, task, count, m_options.periodBits ? roundedPeriod(period) : period);
    }
    // A drain of the sampler (a journal record) is complete.
    void endBatch() { m_window.endBatch(); }
    // Writes the last chunk, profile/stacks.bin and profile/profile.json from `tables` (its
    // samples are not looked at). Call once.
    void finish(const ProfileTables& tables);

    std::uint64_t rows() const { return m_rows; }
    std::uint64_t samples() const { return m_samples; }
    std::uint64_t lateSamples() const { return m_window.lateSamples(); }

private:
    std::uint64_t roundedPeriod(std::uint64_t period) const;
    void take(const SampleRow& row);
    void flushChunk();
    void putEntry(const std::string& path, std::string_view bytes);

    ProfileEntrySink& m_sink;
    Options m_options;
    SampleReorderWindow m_window;
    std::vector<SampleRow> m_chunk;
    std::string m_encoded; // reused for every chunk
    nlohmann::json m_chunks = nlohmann::json::array();
    std::uint64_t m_rows = 0;
    std::uint64_t m_samples = 0;
    std::uint64_t m_cpus = 0; // the highest cpu id + 1
};

} // namespace runlens::format
