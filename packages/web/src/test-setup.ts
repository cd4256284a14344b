// Web unit tests run beside the API tests on two cores: lazy pages and editors can take seconds to appear.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 10_000 });
