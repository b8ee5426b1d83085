#include "SshConfigHosts.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextStream>

namespace SshConfigHosts {

QString defaultConfigPath()
{
    return QDir::home().filePath(QStringLiteral(".ssh/config"));
}

QStringList aliases(const QString& configPath, int depth)
{
    QStringList result;
    QFile file(configPath);
    if (depth > 8 || !file.open(QIODevice::ReadOnly | QIODevice::Text))
        return result;
    static const QRegularExpression separator(QStringLiteral("[\\s=]+"));
    QTextStream in(&file);
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        QStringList words = line.split(separator, Qt::SkipEmptyParts);
        const QString keyword = words.takeFirst().toLower();
        if (keyword == QLatin1String("host")) {
            for (const QString& word : words) {
                if (!word.contains(QLatin1Char('*')) && !word.contains(QLatin1Char('?')) && !word.startsWith(QLatin1Char('!'))
                    && !result.contains(word))
                    result.append(word);
            }
        } else if (keyword == QLatin1String("include")) {
            for (const QString& pattern : words) {
                QString path = pattern;
                if (path.startsWith(QLatin1String("~/")))
                    path = QDir::home().filePath(path.mid(2));
                else if (QFileInfo(path).isRelative())
                    path = QDir::home().filePath(QStringLiteral(".ssh/") + path);
                const QFileInfo info(path);
                const QStringList matches = QDir(info.path()).entryList({info.fileName()}, QDir::Files, QDir::Name);
                for (const QString& match : matches) {
                    for (const QString& alias : aliases(QDir(info.path()).filePath(match), depth + 1)) {
                        if (!result.contains(alias))
                            result.append(alias);
                    }
                }
            }
        }
    }
    return result;
}

} // namespace SshConfigHosts
