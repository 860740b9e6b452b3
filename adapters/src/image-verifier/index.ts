export * from './image-header';
export * from './image-verifier';
export * from './embedded-image-verifier';
export * from './remote-image-verifier';
