import { Duration, type RemovalPolicy, Size } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import type { SettingName } from '#platform/config';
import type { Access } from '#platform/routes';
import { REPO_ROOT } from './bundling.ts';
import { grantBucket, grantStateMachine, grantTable } from './function-access.ts';

/** The image's recipe, relative to the repository root (its build context). */
export const BROWSER_IMAGE_DOCKERFILE = 'lib/browser-image/Dockerfile';

/** All the image build reads of the repository: its manifest, lockfile, compiler settings and functions. */
const BUILD_CONTEXT = [
  '**',
  '!package.json',
  '!package-lock.json',
  '!tsconfig.json',
  '!functions',
  '!functions/**',
  '!lib',
  '!lib/browser-image',
  '!lib/browser-image/**',
  '**/*.test.ts',
];

/**
 * Memory of the browser's functions: Chromium's renderer and browser processes with a 256 MB script
 * heap each (functions/crawl/render/launch-chromium.ts) beside the task's own, with room for a page
 * near the 10 MB body limit.
 */
export const BROWSER_MEMORY_MB = 2048;
/** /tmp holds Chromium's profile and cache of one page at a time; the default 512 MB is tight. */
export const BROWSER_EPHEMERAL_STORAGE_MB = 1024;

export interface BrowserFunctionProps {
  /** Module under functions/tasks/, without extension; the image holds it as `<module>.mjs`. */
  module: string;
  description: string;
  timeout: Duration;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
  environment?: Partial<Record<SettingName, string>>;
  reservedConcurrency?: number;
}

/**
 * A crawl task that renders pages in Chromium: a container image Lambda (arm64) built from
 * lib/browser-image/Dockerfile, Debian's chromium beside the task bundles, about 650 MB unpacked
 * (far inside Lambda's 10 GB image limit); every browser task shares the one image and picks its
 * handler by the image's CMD. Binds resources as ServiceFunction does.
 */
export class BrowserFunction extends lambda.DockerImageFunction {
  constructor(scope: Construct, id: string, props: BrowserFunctionProps) {
    super(scope, id, {
      code: lambda.DockerImageCode.fromImageAsset(REPO_ROOT, {
        file: BROWSER_IMAGE_DOCKERFILE,
        exclude: BUILD_CONTEXT,
        platform: Platform.LINUX_ARM64,
        cmd: [`${props.module}.handler`],
      }),
      description: props.description,
      architecture: lambda.Architecture.ARM_64,
      memorySize: BROWSER_MEMORY_MB,
      ephemeralStorageSize: Size.mebibytes(BROWSER_EPHEMERAL_STORAGE_MB),
      timeout: props.timeout ?? Duration.minutes(15),
      tracing: lambda.Tracing.ACTIVE,
      reservedConcurrentExecutions: props.reservedConcurrency,
      logGroup: new logs.LogGroup(scope, `${id}Logs`, {
        retention: props.logRetention,
        removalPolicy: props.removalPolicy,
      }),
      environment: { ...props.environment, CHROMIUM_PATH: '/usr/bin/chromium' },
    });
  }

  bindTable(table: ITable, access: Access): this {
    grantTable(this, table, access);
    return this;
  }

  bindBucket(bucket: IBucket, variable: SettingName, access: Access): this {
    grantBucket(this, bucket, variable, access);
    return this;
  }

  bindStateMachine(machine: IStateMachine, variable: SettingName, access: Access): this {
    grantStateMachine(this, machine, variable, access);
    return this;
  }
}
