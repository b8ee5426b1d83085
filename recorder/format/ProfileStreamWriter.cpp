#include "ProfileStreamWriter.h"

#include "ProfileEncoding.h"

#include <cstdio>

namespace runlens::format {

namespace {

// Invalid UTF-8 in a symbol (a corrupt binary) must not stop the archive from being written.
void appendJsonText(std::string& out, const std::string& text)
{
    out += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// profile.json written row by row: building it as one nlohmann::json would take some 200 bytes per
// frame on top of the tables, which is most of the packer's budget for a large profile.
std::string indexText(const ProfileTables& tables, const nlohmann::json& samples)
{
    std::string out;
    out.reserve(64 * (tables.frames.size() + tables.tasks.size()) + 4096);
    out += "{\"encoding\": \"";
    out += kProfileEncoding2;
    out += "\",\n\"info\": ";
    out += tables.info.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    out += ",\n\"frames\": [";
    for (std::size_t i = 0; i < tables.frames.size(); ++i) {
        const ProfileFrame& frame = tables.frames[i];
        out += i == 0 ? "\n[" : ",\n[";
        appendJsonText(out, frame.symbol);
        out += ", ";
        appendJsonText(out, frame.module);
        out += ", \"";
        out += toString(frame.kind);
        out += "\"]";
    }
    out += "],\n\"tasks\": [";
    for (std::size_t i = 0; i < tables.tasks.size(); ++i) {
        const ProfileTask& task = tables.tasks[i];
        out += i == 0 ? "\n[" : ",\n[";
        out += std::to_string(task.tid);
        out += ", ";
        out += std::to_string(task.pid);
        out += ", ";
        appendJsonText(out, task.command);
        out += "]";
    }
    out += "],\n\"stacks\": {\"file\": \"stacks.bin\", \"count\": ";
    out += std::to_string(tables.stacks.size());
    out += "},\n\"samples\": ";
    out += samples.dump();
    out += "}\n";
    return out;
}

} // namespace

ProfileStreamWriter::ProfileStreamWriter(EntrySink sink, Options options)
    : m_sink(std::move(sink))
    , m_options(options)
    , m_window(options.timeQuantumNs, options.maxPendingRows, [this](const SampleRow& row) { take(row); })
{
    m_chunk.reserve(m_options.chunkRows);
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
    m_sink(path, m_encoded);
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

    m_sink(paths::kProfileStacks, encodeStacks(tables.stacks));

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
        {"chunks", std::move(m_chunks)},
    };
    m_sink(paths::kProfileIndex, indexText(tables, samples));
}

} // namespace runlens::format
