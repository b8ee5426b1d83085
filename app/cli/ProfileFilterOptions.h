// `--cpus`, `--processes` and `--threads` of the headless commands that write profiles (convert
// --to folded, export --flamegraph): the flame-graph panel's filter, typed as lists ("0-3,8").
#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QList>

#include <cstdint>
#include <vector>

struct ProfileFilterChoice {
    std::vector<std::uint32_t> cpus;
    std::vector<std::uint32_t> pids;
    std::vector<std::uint32_t> tids;
};

class ProfileFilterOptions
{
public:
    ProfileFilterOptions();
    QList<QCommandLineOption> options() const { return {m_cpus, m_processes, m_threads}; }
    // The lists given, or an error sentence naming the option whose value is not a list.
    bool read(const QCommandLineParser& parser, ProfileFilterChoice& choice, QString& error) const;

private:
    QCommandLineOption m_cpus;
    QCommandLineOption m_processes;
    QCommandLineOption m_threads;
};
