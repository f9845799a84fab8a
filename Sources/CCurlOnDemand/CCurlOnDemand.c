// libcurl on first use, for a release executable (Package.swift's `staticRuntime`).
//
// Static Foundation's URLSession calls libcurl, and linking libcurl by its soname makes every start load
// it and the thirty libraries it needs (GnuTLS, Kerberos, LDAP, …): 4 ms of CPU and 300 page faults a
// process, before any command runs, for a client most commands never use. Here each libcurl function
// URLSession calls is defined as a call through a pointer that the first call fills: it opens
// libcurl.so.4 then. A function Foundation starts to call that is not here fails the link, never a run.
// Built only where CCURL_ON_DEMAND is defined (a Linux release build); elsewhere libcurl is linked as
// usual and the file is empty.
#include "CCurlOnDemand.h"

#ifdef CCURL_ON_DEMAND
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

// libcurl's types, as its ABI passes them: handles are pointers, its enums and codes ints, a socket an int.
typedef void CURL;
typedef void CURLM;
typedef void CURLU;
typedef void curl_slist;
typedef void CURLMsg;
typedef void curl_version_info_data;

// Every function URLSession calls: its name, result and parameters (those without a result, and the
// variadic ones, apart). A variadic one (`setopt`, `getinfo`) takes one argument after the option: a
// long, a curl_off_t or a pointer, each one 64-bit integer register on an LP64 system, so it is passed on
// as one.
#define CURL_FUNCTIONS(X) \
    X(curl_easy_init, CURL *, (void), ()) \
    X(curl_easy_pause, int, (CURL *a, int b), (a, b)) \
    X(curl_easy_strerror, const char *, (int a), (a)) \
    X(curl_global_init, int, (long a), (a)) \
    X(curl_multi_add_handle, int, (CURLM *a, CURL *b), (a, b)) \
    X(curl_multi_assign, int, (CURLM *a, int b, void *c), (a, b, c)) \
    X(curl_multi_cleanup, int, (CURLM *a), (a)) \
    X(curl_multi_info_read, CURLMsg *, (CURLM *a, int *b), (a, b)) \
    X(curl_multi_init, CURLM *, (void), ()) \
    X(curl_multi_remove_handle, int, (CURLM *a, CURL *b), (a, b)) \
    X(curl_multi_socket_action, int, (CURLM *a, int b, int c, int *d), (a, b, c, d)) \
    X(curl_slist_append, curl_slist *, (curl_slist *a, const char *b), (a, b)) \
    X(curl_url, CURLU *, (void), ()) \
    X(curl_url_get, int, (CURLU *a, int b, char **c, unsigned int d), (a, b, c, d)) \
    X(curl_url_set, int, (CURLU *a, int b, const char *c, unsigned int d), (a, b, c, d)) \
    X(curl_version, char *, (void), ()) \
    X(curl_version_info, curl_version_info_data *, (int a), (a))

#define VOID_FUNCTIONS(X) \
    X(curl_easy_cleanup, (CURL *a), (a)) \
    X(curl_free, (void *a), (a)) \
    X(curl_slist_free_all, (curl_slist *a), (a))

#define VARIADIC_FUNCTIONS(X) \
    X(curl_easy_setopt, CURL) \
    X(curl_easy_getinfo, CURL) \
    X(curl_multi_setopt, CURLM)

// The library's functions, found once by `load`.
static struct {
#define POINTER(name, result, parameters, arguments) result (*name) parameters;
    CURL_FUNCTIONS(POINTER)
#undef POINTER
#define VOID_POINTER(name, parameters, arguments) void (*name) parameters;
    VOID_FUNCTIONS(VOID_POINTER)
#undef VOID_POINTER
#define VARIADIC_POINTER(name, handle) int (*name)(handle *, int, ...);
    VARIADIC_FUNCTIONS(VARIADIC_POINTER)
#undef VARIADIC_POINTER
} curl;

static pthread_once_t loadOnce = PTHREAD_ONCE_INIT;

/// Opens libcurl and finds each function; without it no request can be made, so the process stops with
/// one line saying why (the exit code of a failed run).
static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        fprintf(stderr, "scrolllab: cannot load libcurl, which the HTTP client needs (Debian: libcurl4): %s\n", dlerror());
        fflush(NULL);
        _exit(1);
    }
#define FIND(name, ...) \
    *(void **)&curl.name = dlsym(library, #name); \
    if (curl.name == NULL) { \
        fprintf(stderr, "scrolllab: libcurl.so.4 has no %s: %s\n", #name, dlerror()); \
        fflush(NULL); \
        _exit(1); \
    }
    CURL_FUNCTIONS(FIND)
    VOID_FUNCTIONS(FIND)
    VARIADIC_FUNCTIONS(FIND)
#undef FIND
}

#define DEFINE(name, result, parameters, arguments) \
    result name parameters { \
        pthread_once(&loadOnce, load); \
        return curl.name arguments; \
    }
CURL_FUNCTIONS(DEFINE)
#undef DEFINE

#define DEFINE_VOID(name, parameters, arguments) \
    void name parameters { \
        pthread_once(&loadOnce, load); \
        curl.name arguments; \
    }
VOID_FUNCTIONS(DEFINE_VOID)
#undef DEFINE_VOID

#define DEFINE_VARIADIC(name, handle) \
    int name(handle *h, int option, ...) { \
        va_list list; \
        va_start(list, option); \
        void *argument = va_arg(list, void *); \
        va_end(list); \
        pthread_once(&loadOnce, load); \
        return curl.name(h, option, argument); \
    }
VARIADIC_FUNCTIONS(DEFINE_VARIADIC)
#undef DEFINE_VARIADIC

#endif
