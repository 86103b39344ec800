#include <stdlib.h>
static volatile unsigned sink;
static unsigned hash(unsigned x) { for (int i = 0; i < 200; i++) x = x * 2654435761u + i; return x; }
static void inner(int n) { for (int i = 0; i < n; i++) sink += hash(i); }
static void outer(int n) { for (int k = 0; k < 40; k++) inner(n); }
int main(void) { for (int r = 0; r < 1; r++) outer(20000); return 0; }
