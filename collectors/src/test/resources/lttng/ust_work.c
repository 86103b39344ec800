/* A small traced workload for ppw-java's LTTng tests: two threads, nested instrumented calls,
 * recursion and allocations. Built with -finstrument-functions so liblttng-ust-cyg-profile records
 * every call; run with liblttng-ust-libc-wrapper so malloc/calloc/realloc are traced. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static volatile long sink;

static long leaf(long x)
{
    return x * 3 + 1;
}

static long fib(int n)
{
    return n < 2 ? leaf(n) : fib(n - 1) + fib(n - 2);
}

static void fill(int count)
{
    char *a = malloc(64);
    int *b = calloc((size_t) count, sizeof(int));
    a = realloc(a, 256);
    memset(a, 1, 256);
    for (int i = 0; i < count; i++) {
        b[i] = (int) leaf(i);
    }
    sink += b[count - 1] + a[3];
    free(b);
    free(a);
}

static void *worker(void *arg)
{
    int rounds = *(int *) arg;
    for (int i = 0; i < rounds; i++) {
        fill(4 + i);
        sink += fib(4);
    }
    return NULL;
}

int main(void)
{
    pthread_t thread;
    int rounds = 2;
    pthread_create(&thread, NULL, worker, &rounds);
    fill(6);
    sink += fib(5);
    pthread_join(thread, NULL);
    return 0;
}
