// The captcha of /login: image, refresh button and the answer input.
import { ActionIcon, Group, Image, Skeleton, TextInput } from '@mantine/core';
import type { InputProps } from '../api/use-form';

interface CaptchaFieldProps {
  image: string | undefined;
  loading: boolean;
  onRefresh: () => void;
  input: InputProps<string | undefined>;
}

export function CaptchaField({ image, loading, onRefresh, input }: CaptchaFieldProps) {
  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {loading || !image ? (
          <Skeleton h={50} w={150} />
        ) : (
          <Image src={image} alt="Captcha image" h={50} w={150} fit="contain" className="captcha-image" />
        )}
        <ActionIcon
          variant="light"
          size="lg"
          onClick={onRefresh}
          aria-label="Refresh captcha"
          disabled={loading}
        >
          <span aria-hidden="true">↻</span>
        </ActionIcon>
      </Group>
      <TextInput
        {...input}
        value={input.value ?? ''}
        label="Captcha"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
    </>
  );
}
