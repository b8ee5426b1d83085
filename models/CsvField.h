// One CSV field as RFC 4180 writes it: quoted (with quotes doubled) only when it holds a comma,
// a quote or a line break. Shared by every CSV Runlens writes (summary, series).
#pragma once

#include <QString>

inline QString csvField(const QString& text)
{
    if (!text.contains(QLatin1Char(',')) && !text.contains(QLatin1Char('"')) && !text.contains(QLatin1Char('\n')))
        return text;
    QString quoted = text;
    quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}
