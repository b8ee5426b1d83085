#include "ProfileStreamWriter.h"

#include "ArchiveWriter.h"
#include "ProfileEncoding.h"

#include <bit>
#include <cstdio>
#include <cstring>

namespace runlens::format {

namespace {

// Invalid UTF-8 in a symbol (a corrupt binary) must not stop the archive from being written.
std::string jsonText(const std::string& text)
{
    return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// profile.json, a piece at a time: `emit` is called once to count its bytes and once to write them.
// Neither one nlohmann::json of the tables (some 200 bytes a frame) nor one string of the text
// (some 100 bytes a frame): the packer's budget goes to the tables themselves.
template<typename Emit>
void renderIndex(const ProfileTables& tables, const std::string& samples, Emit&& emit)
{
    emit("{\"encoding\": \"");
    emit(kProfileEncoding2);
    emit("\",\n\"info\": ");
    emit(tables.info.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    emit(",\n\"frames\": [");
    for (std::size_t i = 0; i < tables.frames.size(); ++i) {
        const ProfileFrame& frame = tables.frames[i];
        emit(i == 0 ? "\n[" : ",\n[");
        emit(jsonText(frame.symbol));
        emit(", ");
        emit(jsonText(frame.module));
        emit(", \"");
        emit(toString(frame.kind));
        emit("\"]");
    }
    emit("],\n\"tasks\": [");
    for (std::size_t i = 0; i < tables.tasks.size(); ++i) {
        const ProfileTask& task = tables.tasks[i];
        emit(i == 0 ? "\n[" : ",\n[");
        emit(std::to_string(task.tid));
        emit(", ");
        emit(std::to_string(task.pid));
        emit(", ");
        emit(jsonText(task.command));
        emit("]");
    }
    emit("],\n\"stacks\": {\"file\": \"stacks.bin\", \"count\": ");
    emit(std::to_string(tables.stacks.size()));
    emit("},\n\"samples\": ");
    emit(samples);
    emit("}\n");
}

void writeIndex(const ProfileTables& tables, const nlohmann::json& samples, ProfileEntrySink& sink)
{
    const std::string samplesText = samples.dump();
    std::uint64_t size = 0;
    renderIndex(tables, samplesText, [&size](std::string_view piece) { size += piece.size(); });
    sink.begin(paths::kProfileIndex, size);
    std::string buffer;
    buffer.reserve(1 << 16);
    renderIndex(tables, samplesText, [&](std::string_view piece) {
        buffer.append(piece);
        if (buffer.size() >= (1 << 16) - 4096) {
            sink.write(buffer);
            buffer.clear();
        }
    });
    sink.write(buffer);
    sink.end();
}

// profile/stacks.bin as encodeStacks writes it, a plane at a time: never a copy of the whole table.
void writeStacks(const std::vector<ProfileStack>& stacks, ProfileEntrySink& sink)
{
    const std::uint64_t count = stacks.size();
    sink.begin(paths::kProfileStacks, 16 + count * 8);
    char header[16] = {'R', 'L', 'S', 'T', 'A', 'C', 'K', '1'};
    std::memcpy(header + 8, &count, 8);
    sink.write(std::string_view(header, sizeof header));
    std::string piece;
    constexpr std::size_t kPiece = 1 << 16;
    for (const bool parents : {true, false}) {
        for (unsigned b = 0; b < 4; ++b) {
            for (std::size_t from = 0; from < stacks.size(); from += kPiece) {
                const std::size_t to = std::min(stacks.size(), from + kPiece);
                piece.resize(to - from);
                for (std::size_t i = from; i < to; ++i)
                    piece[i - from] = char(((parents ? stacks[i].parent : stacks[i].frame) >> (8 * b)) & 0xff);
                sink.write(piece);
            }
        }
    }
    sink.end();
}

} // namespace

void ArchiveEntrySink::begin(const std::string& path, std::uint64_t size)
{
    m_writer.beginFile(path, size);
}

void ArchiveEntrySink::write(std::string_view piece)
{
    m_writer.writeData(piece);
}

void ArchiveEntrySink::end()
{
    m_writer.endFile();
}

void EncodedProfileSink::begin(const std::string& path, std::uint64_t size)
{
    if (path == paths::kProfileIndex) {
        m_entry = &m_encoded.index;
    } else if (path == paths::kProfileStacks) {
        m_entry = &m_encoded.stacks;
    } else {
        m_encoded.sampleChunks.push_back({path, {}});
        m_entry = &m_encoded.sampleChunks.back().bytes;
    }
    m_entry->clear();
    m_entry->reserve(std::size_t(size));
}

void EncodedProfileSink::write(std::string_view piece)
{
    m_entry->append(piece);
}

void ProfileStreamWriter::putEntry(const std::string& path, std::string_view bytes)
{
    m_sink.begin(path, bytes.size());
    m_sink.write(bytes);
    m_sink.end();
}

ProfileStreamWriter::ProfileStreamWriter(ProfileEntrySink& sink, Options options)
    : m_sink(sink)
    , m_options(options)
    , m_window(options.timeQuantumNs, options.maxPendingRows, [this](const SampleRow& row) { take(row); })
{
    m_chunk.reserve(m_options.chunkRows);
}

std::uint64_t ProfileStreamWriter::roundedPeriod(std::uint64_t period) const
{
    const int width = std::bit_width(period);
    if (width <= int(m_options.periodBits))
        return period;
    const int drop = width - int(m_options.periodBits);
    const std::uint64_t half = std::uint64_t(1) << (drop - 1);
    // Rounding up past 2^64 keeps the value rounded down instead.
    const std::uint64_t up = period > ~std::uint64_t(0) - half ? period : period + half;
    return (up >> drop) << drop;
}

void ProfileStreamWriter::take(const SampleRow& row)
{
    m_chunk.push_back(row);
    ++m_rows;
    m_samples = row.count > ~std::uint64_t(0) - m_samples ? ~std::uint64_t(0) : m_samples + row.count;
    m_cpus = std::max<std::uint64_t>(m_cpus, std::uint64_t(row.cpu) + 1);
    if (m_chunk.size() >= m_options.chunkRows)
        flushChunk();
}

void ProfileStreamWriter::flushChunk()
{
    if (m_chunk.empty())
        return;
    m_encoded.clear();
    encodeSampleChunk(m_chunk, m_options.periods, m_options.tasks, m_encoded);
    char name[48];
    std::snprintf(name, sizeof name, "samples/%06zu.bin", m_chunks.size());
    std::string path = paths::kProfileDirectory;
    path.append(name);
    putEntry(path, m_encoded);
    m_chunks.push_back({{"file", name},
                        {"rows", m_chunk.size()},
                        {"first_ns", m_chunk.front().quantum * m_options.timeQuantumNs},
                        {"last_ns", m_chunk.back().quantum * m_options.timeQuantumNs}});
    m_chunk.clear();
}

void ProfileStreamWriter::finish(const ProfileTables& tables)
{
    m_window.finish();
    flushChunk();
    // The chunk buffers are not needed any more: give their memory back before the tables' entries.
    std::vector<SampleRow>().swap(m_chunk);
    std::string().swap(m_encoded);

    writeStacks(tables.stacks, m_sink);

    nlohmann::json columns = nlohmann::json::array();
    if (m_options.periods)
        columns.push_back("period");
    if (m_options.tasks)
        columns.push_back("task");
    const nlohmann::json samples = {
        {"count", m_rows},
        {"samples", m_samples},
        {"time_quantum_ns", m_options.timeQuantumNs},
        {"time_ordered", true},
        {"cpus", m_cpus},
        {"columns", std::move(columns)},
        {"late_samples", m_window.lateSamples()},
        {"period_bits", m_options.periods ? m_options.periodBits : 0},
        {"chunks", std::move(m_chunks)},
    };
    writeIndex(tables, samples, m_sink);
}

} // namespace runlens::format
