/** @jest-config-loader ts-node */
/** @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "Node10"}} */
import type { Config } from 'jest';

// Tests run as CommonJS through ts-jest; type-checking is `tsc --noEmit`, a separate gate.
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: {
          module: 'CommonJS',
          moduleResolution: 'Node10',
          isolatedModules: true,
          esModuleInterop: true,
          resolveJsonModule: true,
          jsx: 'react-jsx',
        },
      },
    ],
    '/node_modules/@redux-devtools/instrument/.+\\.js$': [
      'ts-jest',
      { tsconfig: { module: 'CommonJS', moduleResolution: 'Node10', isolatedModules: true, esModuleInterop: true, allowJs: true } },
    ],
  },
  // @redux-devtools/instrument ships only ES modules; its two files are compiled to CommonJS too.
  transformIgnorePatterns: ['/node_modules/(?!@redux-devtools/instrument/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testTimeout: 20000,
};

export default config;
