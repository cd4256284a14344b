// npm runs a workspace's script inside its folder (packages/server); a path typed after `npm run x --`
// is meant from where the command was typed, which npm passes on as INIT_CWD.
import path from 'node:path';

export const typedPath = (arg: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
