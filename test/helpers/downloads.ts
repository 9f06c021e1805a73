/** The body of a GET on `url` (a signed S3 link, most often), whatever its status. */
export const download = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(url)).arrayBuffer());
