/* status.c -- the names of scan_status, and the one Leptonica setting the library wants. */
#include <leptonica/allheaders.h>

#include "scan/scan.h"

const char *scan_status_str(scan_status status)
{
    switch (status) {
#define SCAN_STATUS_CASE(name, string, meaning)                                                    \
    case name:                                                                                     \
        return string;
        SCAN_STATUSES(SCAN_STATUS_CASE)
#undef SCAN_STATUS_CASE
    }
    return "unknown";
}

void scan_init(void)
{
    /* Leptonica reports every refused image on stderr; the statuses say it. */
    setMsgSeverity(L_SEVERITY_NONE);
}
