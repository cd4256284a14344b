// Shown when a route fails to render or its code chunk cannot be loaded (e.g. after a deploy).
import { Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link, useRouteError } from 'react-router';

export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : 'The page could not be shown.';
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" role="alert">
        <Title order={1} size="h3">
          Something Went Wrong
        </Title>
        <Text c="dimmed">{message}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Anchor component={Link} to="/app/home">
          Go to Home
        </Anchor>
      </Stack>
    </Center>
  );
}
