// A centred loader for a page or a lazy-loaded part (a React.lazy fallback).
import { Center, Loader } from '@mantine/core';

export function Loading() {
  return (
    <Center py="xl" role="status" aria-busy="true" aria-label="Loading">
      <Loader size="sm" />
    </Center>
  );
}
